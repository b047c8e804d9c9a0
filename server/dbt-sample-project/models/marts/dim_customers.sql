with orders as (

    select
        customer_id,
        min(ordered_at) as first_order_at,
        max(ordered_at) as last_order_at,
        count(*) as order_count,
        sum(case when order_status in ('completed', 'shipped', 'placed') then items_amount else 0 end) as lifetime_value
    from {{ ref('int_orders__amounts') }}
    where customer_id is not null
    group by customer_id

)

select
    customers.customer_id,
    customers.first_name,
    customers.last_name,
    customers.email,
    customers.country_code,
    countries.country_name,
    countries.region,
    customers.created_at,
    orders.first_order_at,
    orders.last_order_at,
    coalesce(orders.order_count, 0) as order_count,
    coalesce(orders.lifetime_value, 0) as lifetime_value
from {{ ref('stg_shop__customers') }} as customers
left join {{ ref('country_codes') }} as countries on countries.country_code = customers.country_code
left join orders on orders.customer_id = customers.customer_id
