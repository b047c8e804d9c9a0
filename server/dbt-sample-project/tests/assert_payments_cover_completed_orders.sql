-- A completed order must have been paid in full (to the cent). Rows returned are the orders
-- that were not.
select
    order_id,
    order_total,
    paid_amount
from {{ ref('fct_orders') }}
where order_status = 'completed'
  and abs(order_total - paid_amount) > 0.01
