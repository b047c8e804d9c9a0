select
    event_date,
    count(distinct anonymous_id) as visitors,
    count(*) as events,
    sum(case when event_type = 'add_to_cart' then 1 else 0 end) as add_to_carts,
    sum(case when event_type = 'order_completed' then 1 else 0 end) as completed_checkouts
from {{ ref('stg_events__web_events') }}
group by event_date
