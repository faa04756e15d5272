/**
 * An exact rational number p/q (BigInt, q > 0, gcd(p, q) = 1), for the exact moments of an estimator.
 * Few of them are made (one per distinct probability denominator), so clarity beats speed here.
 */
export class Rational {
  readonly p: bigint;
  readonly q: bigint;

  private constructor(p: bigint, q: bigint) {
    this.p = p;
    this.q = q;
  }

  static of(p: bigint | number, q: bigint | number = 1n): Rational {
    let a = BigInt(p),
      b = BigInt(q);
    if (b === 0n) throw new RangeError('Rational: zero denominator');
    if (b < 0n) {
      a = -a;
      b = -b;
    }
    const g = gcd(a < 0n ? -a : a, b);
    return new Rational(a / g, b / g);
  }

  static readonly ZERO = Rational.of(0n);

  add(o: Rational): Rational {
    return Rational.of(this.p * o.q + o.p * this.q, this.q * o.q);
  }
  sub(o: Rational): Rational {
    return Rational.of(this.p * o.q - o.p * this.q, this.q * o.q);
  }
  mul(o: Rational): Rational {
    return Rational.of(this.p * o.p, this.q * o.q);
  }
  div(o: Rational): Rational {
    return Rational.of(this.p * o.q, this.q * o.p);
  }
  equals(o: Rational): boolean {
    return this.p === o.p && this.q === o.q;
  }
  isInteger(): boolean {
    return this.q === 1n;
  }

  /** A double, correctly rounded to ~16 digits even when p and q exceed 2^1024 in size ratio terms. */
  toNumber(): number {
    if (this.p === 0n) return 0;
    const neg = this.p < 0n;
    const a = neg ? -this.p : this.p;
    // scale so the integer quotient has ~64 significant bits
    const shift = BigInt(64 - (a.toString(2).length - this.q.toString(2).length));
    const quotient = shift >= 0n ? (a << shift) / this.q : a / (this.q << -shift);
    const x = Number(quotient) * 2 ** -Number(shift);
    return neg ? -x : x;
  }

  /** "p/q", or "p" for an integer. */
  toString(): string {
    return this.q === 1n ? String(this.p) : `${this.p}/${this.q}`;
  }

  /** JSON form: a bigint when whole (json.ts writes it exactly), else the string "p/q". */
  toJSONValue(): bigint | string {
    return this.q === 1n ? this.p : this.toString();
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
