select
    query_date,
    warehouse_name,
    count(*) as queries,
    sum(case when execution_status = 'SUCCESS' then 0 else 1 end) as failed_queries,
    count(distinct user_name) as active_users,
    sum(elapsed_seconds) as elapsed_seconds
from {{ ref('stg_account_usage__query_history') }}
group by query_date, warehouse_name
