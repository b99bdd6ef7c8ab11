/**
 * A fetch that asks the network once per address: the header's heading and the home
 * screen both read the team's settings (GET /api/config) at an open, and share one
 * request. Each caller gets its own copy of the answer; a failed request is not kept.
 */
export function onceFetch(fetcher: typeof fetch): typeof fetch {
  const asked = new Map<string, Promise<Response>>()
  return (input, init) => {
    const key = String(input)
    let answer = asked.get(key)
    if (!answer) {
      answer = fetcher(input, init)
      asked.set(key, answer)
      answer.catch(() => asked.delete(key))
    }
    return answer.then((response) => response.clone())
  }
}
