-- One row per day: the time spine MetricFlow joins metrics to when it fills in days with no orders.
select cast(range as date) as date_day
from range(date '2020-01-01', date '2027-01-01', interval 1 day)
