export default function Home() {
  return <main className="p-8">Totara Home</main>;
}
