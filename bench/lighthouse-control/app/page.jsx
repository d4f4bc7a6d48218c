/** One heading and a paragraph, server-rendered, no client component: React still hydrates it. */
export default function Page() {
  return (
    <main style={{ padding: 16 }}>
      <h1>Furniture for New Zealand homes</h1>
      <p>Deep-seated sofas and armchairs made for long weekends in, with covers you can take off and wash.</p>
    </main>
  );
}
