select
    order_id,
    customer_id,
    ordered_at,
    order_date,
    order_status,
    shipping_country,
    item_count,
    units,
    items_amount as order_total,
    paid_amount,
    payment_method,
    order_status in ('completed', 'shipped', 'placed') as is_revenue
from {{ ref('int_orders__amounts') }}
