/** Every "confirmed" opens to its receipt (issue 44): the page read, when, by whom, what matched. */
export function ReceiptLink({ id }: { id: number }) {
  return (
    <>
      {" "}
      <a href={`/receipts/${id}`} className="text-primary underline underline-offset-4" data-receipt={id}>
        See the receipt
      </a>
      .
    </>
  );
}
