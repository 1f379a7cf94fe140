const big = 10n; // b
