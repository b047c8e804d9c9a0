select
    query_id,
    user_name,
    role_name,
    warehouse_name,
    warehouse_size,
    query_type,
    execution_status,
    start_time,
    end_time,
    cast(start_time as date) as query_date,
    total_elapsed_time / 1000.0 as elapsed_seconds,
    bytes_scanned
from {{ source('snowflake_account_usage', 'query_history') }}
