-- Order value from its lines, and what was actually paid, side by side.
with items as (

    select
        order_id,
        count(*) as item_count,
        sum(quantity) as units,
        sum(line_amount) as items_amount
    from {{ ref('stg_shop__order_items') }}
    group by order_id

),

payments as (

    select
        order_id,
        sum(amount) as paid_amount,
        max(payment_method) as payment_method
    from {{ ref('stg_shop__payments') }}
    group by order_id

)

select
    orders.order_id,
    orders.customer_id,
    orders.ordered_at,
    orders.order_date,
    orders.order_status,
    orders.shipping_country,
    coalesce(items.item_count, 0) as item_count,
    coalesce(items.units, 0) as units,
    coalesce(items.items_amount, 0) as items_amount,
    coalesce(payments.paid_amount, 0) as paid_amount,
    payments.payment_method
from {{ ref('stg_shop__orders') }} as orders
left join items on items.order_id = orders.order_id
left join payments on payments.order_id = orders.order_id
