-- Amounts arrive in cents from the payment provider; everything downstream is in euros.
select
    id as payment_id,
    order_id,
    lower(payment_method) as payment_method,
    cast(amount_cents / 100.0 as decimal(12, 2)) as amount,
    created_at as paid_at
from {{ source('shop', 'payments') }}
