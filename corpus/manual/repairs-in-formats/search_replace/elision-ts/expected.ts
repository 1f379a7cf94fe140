export async function sync(store: Store, api: Api, dryRun = false): Promise<number> {
  const local = await store.list();
  const remote = await api.list();
  const missing = remote.filter((r) => !local.some((l) => l.id === r.id));
  for (const m of missing) {
    await store.put(m);
  }
  log.info(`synced ${missing.length}`);
  return dryRun ? 0 : missing.length;
}
