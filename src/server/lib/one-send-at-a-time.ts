/**
 * Items sent one batch at a time (docs/decisions/0137): an item that comes while nothing is being
 * sent goes at once, alone; items that come while a send is under way wait for it and then go
 * together, at most `most` to a send. A quiet moment costs no wait; a rush costs one round trip per
 * batch instead of one per item.
 *
 * Each caller's promise settles with its own item's fate. A batch that fails is sent again one item
 * at a time, in the same order, so one bad item (say, a message too long) fails only its own caller.
 */
export function oneSendAtATime<T>(send: (items: T[]) => Promise<void>, most: number): (item: T) => Promise<void> {
  interface Waiting {
    item: T;
    resolve: () => void;
    reject: (err: unknown) => void;
  }
  let queue: Waiting[] = [];
  let sending = false;

  const sendBatch = async (batch: Waiting[]) => {
    try {
      await send(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch) {
        try {
          await send([w.item]);
          w.resolve();
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  };

  const drain = async () => {
    sending = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, most);
      queue = queue.slice(batch.length);
      await sendBatch(batch);
    }
    sending = false;
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!sending) void drain();
    });
}
