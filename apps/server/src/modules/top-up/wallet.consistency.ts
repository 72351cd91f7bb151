/**
 * The wallets whose balance is not the sum of their movements, or whose latest movement did not
 * leave the balance they hold (docs/wallet.md, "Consistency"): none, unless a balance was changed
 * outside the product. Run by the wallet test; operators run it as it stands.
 */
export const WALLET_CONSISTENCY_QUERY = `select w.merchant_id, w.customer_id, w.balance, m.total, last.balance_after
from wallet w
left join (select merchant_id, customer_id, sum(amount) as total from wallet_movement group by merchant_id, customer_id) m
  on m.merchant_id = w.merchant_id and m.customer_id = w.customer_id
left join lateral (select balance_after from wallet_movement l
  where l.merchant_id = w.merchant_id and l.customer_id = w.customer_id order by l.id desc limit 1) last on true
where w.balance is distinct from coalesce(m.total, 0) or w.balance is distinct from coalesce(last.balance_after, 0)`;
