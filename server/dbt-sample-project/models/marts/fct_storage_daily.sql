select
    usage_date,
    sum(terabytes_stored) as terabytes_stored,
    count(distinct database_name) as databases
from {{ ref('stg_account_usage__storage_usage') }}
group by usage_date
