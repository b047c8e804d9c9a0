-- Signals the churn model reads: buying, asking for help, and visiting the site.
with tickets as (

    select
        customer_id,
        count(*) as tickets_last_year,
        sum(case when ticket_status = 'open' then 1 else 0 end) as open_tickets,
        avg(minutes_to_close) as avg_minutes_to_close
    from {{ ref('stg_crm__support_tickets') }}
    group by customer_id

),

visits as (

    select
        customer_id,
        count(*) as events_last_30_days,
        max(occurred_at) as last_seen_at
    from {{ ref('stg_events__web_events') }}
    where customer_id is not null
    group by customer_id

),

-- Every moment the customer reached out, by ticket or on the site.
touchpoints as (

    select customer_id, opened_at as touched_at
    from {{ ref('stg_crm__support_tickets') }}

    union all

    select customer_id, occurred_at
    from {{ ref('stg_events__web_events') }}
    where customer_id is not null

),

last_touch as (

    select customer_id, max(touched_at) as last_contact_at
    from touchpoints
    group by customer_id

)

select
    customers.customer_id,
    customers.order_count,
    customers.lifetime_value,
    customers.last_order_at,
    coalesce(tickets.tickets_last_year, 0) as tickets_last_year,
    coalesce(tickets.open_tickets, 0) as open_tickets,
    tickets.avg_minutes_to_close,
    coalesce(visits.events_last_30_days, 0) as events_last_30_days,
    visits.last_seen_at,
    last_touch.last_contact_at
from {{ ref('dim_customers') }} as customers
left join tickets on tickets.customer_id = customers.customer_id
left join visits on visits.customer_id = customers.customer_id
left join last_touch on last_touch.customer_id = customers.customer_id
