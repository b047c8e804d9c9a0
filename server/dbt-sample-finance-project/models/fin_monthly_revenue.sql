-- Revenue per month and customer country, from the demo project's public marts.
select
    date_trunc('month', orders.order_date) as revenue_month,
    customers.country_code,
    count(*) as order_count,
    sum(orders.order_total) as revenue
from {{ ref('dataworks_demo', 'fct_orders') }} as orders
left join {{ ref('dataworks_demo', 'dim_customers') }} as customers on customers.customer_id = orders.customer_id
where orders.is_revenue
group by 1, 2
