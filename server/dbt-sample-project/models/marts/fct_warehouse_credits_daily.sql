select
    usage_date,
    warehouse_name,
    sum(credits_used) as credits_used,
    sum(credits_used_compute) as credits_compute,
    sum(credits_used_cloud_services) as credits_cloud_services
from {{ ref('stg_account_usage__warehouse_metering') }}
group by usage_date, warehouse_name
