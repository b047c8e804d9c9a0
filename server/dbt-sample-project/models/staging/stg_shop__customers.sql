with source as (

    select * from {{ source('shop', 'customers') }}

),

renamed as (

    select
        id as customer_id,
        first_name,
        last_name,
        lower(email) as email,
        upper(country_code) as country_code,
        created_at,
        _loaded_at as loaded_at
    from source

)

select * from renamed
