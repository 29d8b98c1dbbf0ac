/** Categories (placeholder). */
export default function Screen() {
  return <main className="mx-auto max-w-6xl px-4 py-8">Categories</main>;
}
