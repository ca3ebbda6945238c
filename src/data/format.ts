/**
 * A number with its whole part grouped by thousands, as zh-CN writes it: `5000` → `5,000`. Not
 * `toLocaleString('zh-CN')`, whose first call on a page loads ICU's number data: 15–25 ms of main
 * thread, inside the hydration of every page that quotes a limit or a price.
 */
export function formatCount(n: number): string {
  const [whole, fraction] = String(n).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
