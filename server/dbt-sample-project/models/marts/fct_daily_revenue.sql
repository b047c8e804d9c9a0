select
    order_date,
    count(*) as orders,
    sum(case when order_status in ('completed', 'shipped', 'placed') then items_amount else 0 end) as revenue,
    sum(case when order_status = 'returned' then items_amount else 0 end) as returned_amount,
    count(distinct customer_id) as customers
from {{ ref('int_orders__amounts') }}
group by order_date
