select
    id as ticket_id,
    customer_id,
    opened_at,
    closed_at,
    lower(channel) as channel,
    lower(priority) as priority,
    lower(status) as ticket_status,
    subject,
    datediff('minute', opened_at, closed_at) as minutes_to_close
from {{ source('crm', 'support_tickets') }}
