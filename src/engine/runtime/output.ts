/*
 * The program's standard streams as glibc gives them when stdout is a pipe or a file
 * (how goldens are captured): stdout is fully buffered and is lost if the process dies
 * on a signal, stderr is unbuffered. Text is a byte string (char codes 0..255).
 */

/** Where flushed bytes go (the CLI writes them to the process's streams; the UI shows them). */
export interface OutputSink {
  stdout(bytes: string): void;
  stderr(bytes: string): void;
}

/** glibc's buffer for a pipe: st_blksize of a pipe is 4096. */
const PIPE_BUFFER = 4096;

/** The program's stdout/stderr with C stdio buffering. */
export class ProgramOutput {
  private pending = '';

  constructor(private readonly sink: OutputSink, private readonly lineBuffered = false) {}

  /** Appends to stdout, flushing full buffers as glibc does. */
  writeStdout(text: string): void {
    this.pending += text;
    if (this.lineBuffered) {
      const nl = this.pending.lastIndexOf('\n');
      if (nl >= 0) {
        this.sink.stdout(this.pending.slice(0, nl + 1));
        this.pending = this.pending.slice(nl + 1);
      }
      return;
    }
    // glibc writes whole buffers once one fills; what is left waits for the next flush.
    while (this.pending.length >= PIPE_BUFFER) {
      this.sink.stdout(this.pending.slice(0, PIPE_BUFFER));
      this.pending = this.pending.slice(PIPE_BUFFER);
    }
  }

  /** stderr is unbuffered. */
  writeStderr(text: string): void {
    this.sink.stderr(text);
  }

  /** fflush(stdout), exit() and return from main. */
  flush(): void {
    if (this.pending.length > 0) this.sink.stdout(this.pending);
    this.pending = '';
  }

  /** A process killed by a signal never flushes its stdio buffers. */
  discard(): void {
    this.pending = '';
  }
}
