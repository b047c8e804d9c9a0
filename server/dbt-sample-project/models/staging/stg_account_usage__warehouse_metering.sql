select
    warehouse_name,
    start_time,
    end_time,
    cast(start_time as date) as usage_date,
    credits_used,
    credits_used_compute,
    credits_used_cloud_services
from {{ source('snowflake_account_usage', 'warehouse_metering_history') }}
