-- Recharge and package orders marked paid before Mark paid kept the gateway in capitals hold it as
-- typed ('xendit'); the same transaction typed again in capitals then paid a second order. The rule
-- (docs/orders.md, "Gateways typed in another case"): every gateway is put in capitals; where orders
-- hold one transaction under one gateway in different cases, the payment paid the order paid first,
-- which keeps the gateway in capitals, and each later order keeps its transaction id and reads
-- '<GATEWAY> DUPLICATE OF <first order number>' (a second one more ' (2)'), so finance finds the
-- credit no payment stands behind, no row is lost and no gateway refund is asked for it.
WITH "payments" AS (
  SELECT "id",
    upper("payment_gateway") AS "gateway",
    row_number() OVER "payment" AS "n",
    first_value("order_no") OVER "payment" AS "first_order_no"
  FROM "wallet_order"
  WHERE "transaction_id" IS NOT NULL AND "payment_gateway" IS NOT NULL
  WINDOW "payment" AS (PARTITION BY upper("payment_gateway"), "transaction_id" ORDER BY "paid_at" NULLS LAST, "id")
)
UPDATE "wallet_order" SET
  "payment_gateway" = "payments"."gateway" || ' DUPLICATE OF ' || "payments"."first_order_no"
    || CASE WHEN "payments"."n" > 2 THEN ' (' || ("payments"."n" - 1) || ')' ELSE '' END,
  "updated_at" = now()
FROM "payments"
WHERE "wallet_order"."id" = "payments"."id" AND "payments"."n" > 1;
--> statement-breakpoint
UPDATE "wallet_order" SET "payment_gateway" = upper("payment_gateway") WHERE "payment_gateway" <> upper("payment_gateway");
