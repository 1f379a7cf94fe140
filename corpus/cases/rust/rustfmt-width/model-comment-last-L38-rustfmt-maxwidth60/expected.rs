use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
)]
pub enum Currency {
    Usd,
    Eur,
    Gbp,
}

impl Currency {
    pub fn code(&self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Eur => "EUR",
            Currency::Gbp => "GBP",
        }
    }

    pub fn minor_units(&self) -> u32 {
        2
    }
}

#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize,
)]
pub struct Money {
    pub cents: i64,
    pub currency: Currency,
}

impl Money {
    pub fn new(cents: i64, currency: Currency) -> Self {
        Money { cents, currency }
    }

    pub fn add(&self, other: &Money) -> Option<Money> {
        if self.currency != other.currency {
            return None;
        }
        Some(Money::new(
            self.cents.checked_add(other.cents)?,
            self.currency,
        ))
        // order matters here
    }

    pub fn scale(&self, factor: f64) -> Money {
        let scaled =
            (self.cents as f64 * factor).round() as i64;
        Money::new(scaled, self.currency)
    }
}

impl fmt::Display for Money {
    fn fmt(
        &self,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let sign = if self.cents < 0 { "-" } else { "" };
        let abs = self.cents.abs();
        write!(
            f,
            "{}{}.{:02} {}",
            sign,
            abs / 100,
            abs % 100,
            self.currency.code()
        )
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Account {
    pub id: u64,
    pub owner: String,
    pub balance: Money,
    pub frozen: bool,
    pub limits: HashMap<String, i64>,
}

#[derive(Debug, PartialEq)]
pub enum TransferError {
    SameAccount,
    Frozen(u64),
    CurrencyMismatch,
    InsufficientFunds { needed: i64, available: i64 },
    OverLimit(String),
}

impl Account {
    pub fn new(
        id: u64,
        owner: &str,
        currency: Currency,
    ) -> Self {
        Account {
            id,
            owner: owner.to_string(),
            balance: Money::new(0, currency),
            frozen: false,
            limits: HashMap::new(),
        }
    }

    pub fn deposit(
        &mut self,
        amount: &Money,
    ) -> Result<(), TransferError> {
        if self.frozen {
            return Err(TransferError::Frozen(self.id));
        }
        self.balance = self
            .balance
            .add(amount)
            .ok_or(TransferError::CurrencyMismatch)?;
        Ok(())
    }

    pub fn withdraw(
        &mut self,
        amount: &Money,
    ) -> Result<(), TransferError> {
        if self.frozen {
            return Err(TransferError::Frozen(self.id));
        }
        if amount.currency != self.balance.currency {
            return Err(TransferError::CurrencyMismatch);
        }
        if let Some(limit) =
            self.limits.get("daily_withdrawal")
        {
            if amount.cents > *limit {
                return Err(TransferError::OverLimit(
                    "daily_withdrawal".to_string(),
                ));
            }
        }
        if self.balance.cents < amount.cents {
            return Err(TransferError::InsufficientFunds {
                needed: amount.cents,
                available: self.balance.cents,
            });
        }
        self.balance.cents -= amount.cents;
        Ok(())
    }
}

pub fn transfer(
    from: &mut Account,
    to: &mut Account,
    amount: &Money,
) -> Result<(), TransferError> {
    if from.id == to.id {
        return Err(TransferError::SameAccount);
    }
    from.withdraw(amount)?;
    if let Err(err) = to.deposit(amount) {
        from.balance.cents += amount.cents;
        return Err(err);
    }
    Ok(())
}

pub fn total_by_currency(
    accounts: &[Account],
) -> HashMap<Currency, i64> {
    let mut totals = HashMap::new();
    for account in accounts.iter().filter(|a| !a.frozen) {
        *totals
            .entry(account.balance.currency)
            .or_insert(0) += account.balance.cents;
    }
    totals
}
