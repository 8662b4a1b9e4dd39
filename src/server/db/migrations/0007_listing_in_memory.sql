-- The expert listing is answered by the in-memory directory (features/experts/directory): the sort indexes
-- and the search_words GIN index that served the SQL listing are no longer read, only written.
DROP INDEX "experts_status_rating_idx";--> statement-breakpoint
DROP INDEX "experts_status_specialty_rating_idx";--> statement-breakpoint
DROP INDEX "experts_status_experience_idx";--> statement-breakpoint
DROP INDEX "experts_status_video_rate_idx";--> statement-breakpoint
DROP INDEX "experts_status_video_rate_desc_idx";--> statement-breakpoint
DROP INDEX "experts_status_onsite_rate_idx";--> statement-breakpoint
DROP INDEX "experts_status_onsite_rate_desc_idx";--> statement-breakpoint
DROP INDEX "experts_status_name_idx";--> statement-breakpoint
DROP INDEX "experts_search_words_idx";--> statement-breakpoint
ALTER TABLE "experts" DROP COLUMN "search_words";