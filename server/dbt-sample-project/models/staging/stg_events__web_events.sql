-- Heartbeats are the collector's own health signal, not visitor behaviour.
select
    event_id,
    anonymous_id,
    customer_id,
    event_type,
    page_path,
    occurred_at,
    cast(occurred_at as date) as event_date
from {{ source('events', 'web_events') }}
where event_type <> 'heartbeat'
