/**
 * Profile → Payment Methods (spec §2 Profile). Seam owned by the buying work (payments):
 * it lists, adds and removes saved cards and PayPal accounts. The profile page renders it.
 */
export function PaymentMethodsSection() {
  return (
    <section aria-labelledby="payment-methods-heading">
      <h2 id="payment-methods-heading" className="text-lg font-semibold">
        Payment Methods
      </h2>
    </section>
  );
}
