-- An expert's review of a booking by their own account no longer counts (docs/PRODUCT.md#booking-rules):
-- the experts who have one get their figures recomputed without it, by reviews/expert-rating.ts's rule.
update experts set
  updated_at = now(),
  review_count = experts.seeded_review_count + visible.n,
  rating = case when experts.seeded_review_count + visible.n = 0 then 0
                else round((experts.seeded_review_count * experts.seeded_rating + visible.total)
                           / (experts.seeded_review_count + visible.n), 2) end
from (
  select e.id, count(r.id)::int as n, coalesce(sum(r.rating), 0)::numeric as total
  from experts e
  left join reviews r on r.expert_id = e.id and r.status <> 'hidden'
    and not exists (select from bookings b where b.id = r.booking_id and b.user_id = e.user_id)
  where exists (select from reviews s join bookings sb on sb.id = s.booking_id where s.expert_id = e.id and sb.user_id = e.user_id)
  group by e.id
) as visible
where experts.id = visible.id;
