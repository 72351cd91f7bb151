-- Notifications (Operation centre → Notifications): written by a tenant, removed with its merchant.
CREATE TABLE "notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer REFERENCES "merchant"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"country_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A tenant's list, newest first; the platform's list by date or by country and date.
CREATE INDEX "notification_merchant_created_idx" ON "notification" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "notification_created_idx" ON "notification" ("created_at");
--> statement-breakpoint
CREATE INDEX "notification_country_created_idx" ON "notification" ("country_code", "created_at");
--> statement-breakpoint
-- The screen's permission code is message.updateMessage, for the menu item and its actions; a
-- database seeded before kept the item as message.notification with one "update" button.
DELETE FROM "role_resource" WHERE "resource_id" IN (SELECT "id" FROM "resource" WHERE "code" = 'message.updateMessage');
--> statement-breakpoint
DELETE FROM "resource" WHERE "code" = 'message.updateMessage';
--> statement-breakpoint
UPDATE "menu" SET "code" = 'message.updateMessage' WHERE "code" = 'message.notification';
--> statement-breakpoint
UPDATE "resource" SET "code" = 'message.updateMessage.' || substr("code", length('message.notification.') + 1) WHERE "code" LIKE 'message.notification.%';
