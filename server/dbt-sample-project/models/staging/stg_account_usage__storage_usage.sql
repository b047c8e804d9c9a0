select
    usage_date,
    database_name,
    average_database_bytes,
    average_failsafe_bytes,
    (average_database_bytes + average_failsafe_bytes) / power(1024, 4) as terabytes_stored
from {{ source('snowflake_account_usage', 'database_storage_usage_history') }}
where deleted is null
