/** A value that follows another after it has stopped changing for `ms` (the lookups' and searches' debounce). */
import { useEffect, useState } from "react"

/** `value`, `ms` after its last change. */
export const useDebounced = <A>(value: A, ms: number): A => {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
