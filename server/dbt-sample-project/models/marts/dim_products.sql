with sales as (

    select
        product_id,
        sum(quantity) as units_sold,
        sum(line_amount) as revenue
    from {{ ref('stg_shop__order_items') }}
    group by product_id

)

select
    products.product_id,
    products.sku,
    products.product_name,
    products.category,
    products.list_price,
    products.is_active,
    coalesce(sales.units_sold, 0) as units_sold,
    coalesce(sales.revenue, 0) as revenue
from {{ ref('stg_shop__products') }} as products
left join sales on sales.product_id = products.product_id
