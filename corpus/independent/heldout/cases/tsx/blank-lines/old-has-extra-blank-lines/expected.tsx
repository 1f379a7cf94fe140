import React, { useEffect, useState } from 'react';

interface SearchBoxProps {
  placeholder?: string;
  delay?: number;
  onSearch: (query: string) => void;
}

export function SearchBox({ placeholder = 'Search...', delay = 300, onSearch }: SearchBoxProps) {
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');

  useEffect(() => {
    const timer = setTimeout(() => onSearch(query.trim()), delay);
    return () => clearTimeout(timer);
  }, [query, delay, onSearch]);

  return (
    <div className="search-box">
      <input type="search" value={query} placeholder={placeholder} onChange={(e) => setQuery(e.target.value)} />
      {query && <button onClick={() => setQuery('')}>Clear</button>}
    </div>
  );
}
