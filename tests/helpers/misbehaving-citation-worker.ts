/**
 * A stand-in for server/features/citations/citation-worker.ts that misbehaves on request, for the
 * citation pool's tests, by the item's title: `crash` ends the thread, `hang` never answers,
 * `fail` answers with an error; anything else answers at once with one APA "reference" naming
 * the title and this process's id (so a test can tell a fresh worker from the old one).
 */
const send = process.send!.bind(process);
process.on("disconnect", () => process.exit(0));
process.on("message", (job: { id: number; item: { title: string } }) => {
  const { title } = job.item;
  if (title === "crash") process.exit(3);
  if (title === "hang") return;
  if (title === "fail") send({ id: job.id, error: "no such style" });
  else
    send({ id: job.id, styles: [{ key: "apa", label: "APA", text: `${title} ${process.pid}` }] });
});
