// glibc rand()/srand(): the TYPE_3 additive feedback generator of random_r.c (degree 31,
// separation 3). Programs under simulation call rand() on the host, and their output must
// match a real Linux run, so this reproduces glibc's state machine exactly.

/** RAND_MAX of glibc. */
export const RAND_MAX = 2147483647;

const DEG = 31;
const SEP = 3;

/** glibc's rand()/srand() state; a fresh instance behaves as if srand(1) had been called. */
export class GlibcRandom {
  private readonly state = new Int32Array(DEG);
  private f = SEP;
  private r = 0;

  constructor(seed = 1) {
    this.seed(seed);
  }

  /** srand(s): s is taken as a C unsigned int; 0 acts as 1, as in glibc. */
  seed(s: number): void {
    // glibc keeps the seed in an int32_t word, so seeds >= 2^31 start negative; JS's truncating
    // division and remainder then match C's exactly (intermediates stay far below 2^53).
    let word = s | 0;
    if (word === 0) word = 1;
    this.state[0] = word;
    for (let i = 1; i < DEG; i++) {
      const hi = Math.trunc(word / 127773);
      const lo = word % 127773;
      word = 16807 * lo - 2836 * hi;
      if (word < 0) word += 2147483647;
      this.state[i] = word;
    }
    this.f = SEP;
    this.r = 0;
    // glibc discards 10 * degree outputs so the state is well mixed.
    for (let i = 0; i < DEG * 10; i++) this.next();
  }

  /** rand(): the next value in 0..RAND_MAX. */
  next(): number {
    // state[f] += state[r] wraps as uint32; the result drops the least random low bit.
    const val = (this.state[this.f] + this.state[this.r]) | 0;
    this.state[this.f] = val;
    const result = (val >>> 0) >>> 1;
    this.f++;
    this.r++;
    if (this.f >= DEG) this.f = 0;
    else if (this.r >= DEG) this.r = 0;
    return result;
  }
}
