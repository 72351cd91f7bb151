-- The wallet bill (Order centre → Wallet bill): every movement of a wallet with the balance it left,
-- written in the transaction that changes the balance; removed with its merchant.
CREATE TABLE "wallet_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchant"("id") ON DELETE CASCADE,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(13, 2) NOT NULL,
	"balance_after" numeric(13, 2) NOT NULL,
	"currency" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_movement_wallet_fk" FOREIGN KEY ("merchant_id", "customer_id") REFERENCES "wallet"("merchant_id", "customer_id") ON DELETE CASCADE
);
--> statement-breakpoint
-- A tenant's movements newest first, the platform's by date, a customer's, a kind's.
CREATE INDEX "wallet_movement_merchant_created_idx" ON "wallet_movement" ("merchant_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "wallet_movement_created_idx" ON "wallet_movement" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "wallet_movement_customer_idx" ON "wallet_movement" ("customer_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "wallet_movement_kind_created_idx" ON "wallet_movement" ("kind", "created_at", "id");
--> statement-breakpoint
-- The balances held before the bill existed open it: one movement per wallet, dated when the wallet
-- last changed, in the merchant's currency of its latest top-up (the platform's rupiah without one).
INSERT INTO "wallet_movement" ("merchant_id", "customer_id", "kind", "amount", "balance_after", "currency", "operator_name", "created_at")
SELECT w."merchant_id", w."customer_id", 'OPENING', w."balance", w."balance",
	COALESCE((SELECT t."currency" FROM "top_up" t WHERE t."merchant_id" = w."merchant_id" ORDER BY t."created_at" DESC LIMIT 1), 'IDR'),
	'', w."updated_at"
FROM "wallet" w;
