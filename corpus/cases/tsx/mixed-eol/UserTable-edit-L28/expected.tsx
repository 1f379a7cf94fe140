import React, { useMemo, useState } from 'react';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'editor' | 'viewer';
  active: boolean;
}

interface UserTableProps {
  users: UserRow[];
  onSelect?: (user: UserRow) => void;
  onDeactivate?: (id: string) => void;
  pageSize?: number;
}

type SortKey = 'name' | 'email' | 'role';

function compareBy(key: SortKey, ascending: boolean) {
  return (a: UserRow, b: UserRow) => {
    const result = a[key].localeCompare(b[key]);
    return ascending ? result : -result;
  };
}

export function RoleBadge({ role }: { role: UserRow['role'] }) {
  const color = role === 'admin' ? 'crimson' : role === 'editor' ? 'blue' : 'gray';
  return <span className={`badge badge-${color}`} title={role}>{role}</span>;
}

export default function UserTable({ users, onSelect, onDeactivate, pageSize = 10 }: UserTableProps) {
  const [sortKey, setSortKey] = useState<SortKey>('name');
  const [ascending, setAscending] = useState(true);
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState('');

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const filtered = needle ? users.filter(u => u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle)) : users;
    return [...filtered].sort(compareBy(sortKey, ascending));
  }, [users, filter, sortKey, ascending]);

  const pageCount = Math.max(1, Math.ceil(visible.length / pageSize));
  const rows = visible.slice(page * pageSize, (page + 1) * pageSize);

  function toggleSort(key: SortKey) {
    if (key === sortKey) {
      setAscending(!ascending);
    } else {
      setSortKey(key);
      setAscending(true);
    }
  }

  return (
    <div className="user-table">
      <input type="search" placeholder="Filter users" value={filter} onChange={e => setFilter(e.target.value)} />
      <table>
        <thead>
          <tr>
            <th onClick={() => toggleSort('name')}>Name</th>
            <th onClick={() => toggleSort('email')}>Email</th>
            <th onClick={() => toggleSort('role')}>Role</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map(user => (
            <tr key={user.id} className={user.active ? 'row-active' : 'row-inactive'} onClick={() => onSelect?.(user)}>
              <td>{user.name}</td>
              <td>{user.email}</td>
              <td><RoleBadge role={user.role} /></td>
              <td>
                {user.active && onDeactivate && <button onClick={() => onDeactivate(user.id)}>Deactivate</button>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pager">
        <button disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
        <span>Page {page + 1} of {pageCount}</span>
        <button disabled={page >= pageCount - 1} onClick={() => setPage(page + 1)}>Next</button>
      </div>
    </div>
  );
}
