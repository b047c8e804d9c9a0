with source as (

    select * from {{ source('shop', 'products') }}

)

select
    id as product_id,
    sku,
    name as product_name,
    lower(category) as category,
    cast(price as decimal(10, 2)) as list_price,
    is_active
from source
