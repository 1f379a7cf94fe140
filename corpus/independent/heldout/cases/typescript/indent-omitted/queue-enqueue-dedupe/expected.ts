export interface Job<T> {
  id: string;
  payload: T;
  attempts: number;
}

export class JobQueue<T> {
  private jobs: Job<T>[] = [];
  private running = 0;

  constructor(private readonly worker: (payload: T) => Promise<void>, private readonly concurrency = 2, private readonly maxAttempts = 3) {}

  enqueue(id: string, payload: T): void {
    if (this.jobs.some((j) => j.id === id)) return;
    this.jobs.push({ id, payload, attempts: 0 });
    this.drain();
  }

  private drain(): void {
    while (this.running < this.concurrency && this.jobs.length > 0) {
      const job = this.jobs.shift()!;
      this.running++;
      this.run(job).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }

  private async run(job: Job<T>): Promise<void> {
    try {
      await this.worker(job.payload);
    } catch (err) {
      job.attempts++;
      if (job.attempts < this.maxAttempts) {
        this.jobs.push(job);
      } else {
        console.error(`job ${job.id} failed after ${job.attempts} attempts`, err);
      }
    }
  }
}
