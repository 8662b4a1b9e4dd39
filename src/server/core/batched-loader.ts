/**
 * A loader of many keys at once that gathers what its callers ask for within one turn of the event loop:
 * the requests read from the network in one turn each want a few keys, and one query for all of them
 * costs a fraction of one query each, writing to the database's socket included. Callers get the whole batch's answer and
 * take their keys from it; a failed load fails every caller of its batch.
 */
export function batchedLoader<K, Answer>(loadMany: (keys: K[]) => Promise<Answer>): (keys: Iterable<K>) => Promise<Answer> {
  let batch: { keys: Set<K>; answer: Promise<Answer> } | null = null;
  return (keys) => {
    if (!batch) {
      const gathered = new Set<K>();
      // setImmediate runs after the turn's network reads (the poll phase), when every request read in it
      // has asked for its keys; a microtask would run after the first request alone.
      const answer = new Promise<Answer>((resolve, reject) =>
        setImmediate(() => {
          batch = null;
          loadMany([...gathered]).then(resolve, reject);
        }),
      );
      batch = { keys: gathered, answer };
    }
    for (const key of keys) batch.keys.add(key);
    return batch.answer;
  };
}
