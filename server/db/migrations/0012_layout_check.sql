-- The check's table takes the check's name (issue 27): preflight_job → layout_check, with its sequence,
-- keys and indexes. Ids and rows stay, so the check queue's jobs in flight (they carry only the id) go on.
-- Hand-written (drizzle-kit would drop and create); runs once, under the set-up lock, like every migration.
ALTER TABLE "preflight_job" RENAME TO "layout_check";--> statement-breakpoint
ALTER SEQUENCE "preflight_job_id_seq" RENAME TO "layout_check_id_seq";--> statement-breakpoint
ALTER TABLE "layout_check" RENAME CONSTRAINT "preflight_job_pkey" TO "layout_check_pkey";--> statement-breakpoint
ALTER TABLE "layout_check" RENAME CONSTRAINT "preflight_job_layout_id_layout_id_fk" TO "layout_check_layout_id_layout_id_fk";--> statement-breakpoint
ALTER TABLE "layout_check" RENAME CONSTRAINT "preflight_job_account_id_account_id_fk" TO "layout_check_account_id_account_id_fk";--> statement-breakpoint
ALTER INDEX "preflight_job_state_idx" RENAME TO "layout_check_state_idx";--> statement-breakpoint
ALTER INDEX "preflight_job_account_idx" RENAME TO "layout_check_account_idx";--> statement-breakpoint
ALTER INDEX "preflight_job_layout_id_idx" RENAME TO "layout_check_layout_id_idx";--> statement-breakpoint
ALTER INDEX "preflight_job_one_open_idx" RENAME TO "layout_check_one_open_idx";
