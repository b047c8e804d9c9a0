with source as (

    select * from {{ source('shop', 'orders') }}

)

select
    id as order_id,
    customer_id,
    ordered_at,
    cast(ordered_at as date) as order_date,
    lower(status) as order_status,
    upper(shipping_country) as shipping_country,
    _loaded_at as loaded_at
from source
