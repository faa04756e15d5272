/**
 * The few distribution functions the batch tests need.
 *
 *   normalCdf(x)          Φ(x), via erfc (W. J. Cody's rational approximations as in Numerical Recipes
 *                         `erfcc`, relative error < 1.2·10⁻⁷)
 *   kolmogorovPValue(d,n) P(D_n ≥ d) for the one-sample Kolmogorov–Smirnov statistic, asymptotic series
 *                         Q(λ) = 2 Σ (−1)^{j−1} e^{−2j²λ²}, λ = (√n + 0.12 + 0.11/√n)·d (Stephens)
 *   binomialCdf(k,n,p)    P(Binomial(n, p) ≤ k), summed in log space
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

export function kolmogorovPValue(d: number, n: number): number {
  const sn = Math.sqrt(n);
  const lambda = (sn + 0.12 + 0.11 / sn) * d;
  if (lambda < 0.2) return 1;
  let sum = 0;
  for (let j = 1; j <= 100; j++) {
    const term = Math.exp(-2 * j * j * lambda * lambda);
    sum += (j % 2 ? 1 : -1) * term;
    if (term < 1e-12) break;
  }
  return Math.min(1, Math.max(0, 2 * sum));
}

export function binomialCdf(k: number, n: number, p: number): number {
  if (k >= n) return 1;
  if (k < 0) return 0;
  const logFact = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) logFact[i] = logFact[i - 1] + Math.log(i);
  let total = 0;
  for (let i = 0; i <= k; i++) {
    total += Math.exp(logFact[n] - logFact[i] - logFact[n - i] + i * Math.log(p) + (n - i) * Math.log1p(-p));
  }
  return Math.min(1, total);
}
