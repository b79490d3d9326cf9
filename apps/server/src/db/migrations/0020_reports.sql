-- The switch of the `report` notification (a member's report was resolved), on like the others.
ALTER TABLE "notification_settings" ADD COLUMN "report" boolean DEFAULT true NOT NULL;
