/**
 * A structural check of generated CEL: brackets balanced and closed in order, string literals
 * terminated. It cannot type-check (no CEL engine with Kubernetes' libraries runs here), but it
 * catches the generator mistakes that would make the API server reject the policy outright.
 */
export function celStructureErrors(expression: string): string[] {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === '"') {
      let j = i + 1;
      while (j < expression.length && expression[j] !== '"') {
        j += expression[j] === '\\' ? 2 : 1;
      }
      if (j >= expression.length) {
        return [`unterminated string at ${i}`];
      }
      i = j;
    } else if ('([{'.includes(c)) {
      stack.push(c);
    } else if (c in pairs) {
      if (stack.pop() !== pairs[c]) {
        return [`unbalanced "${c}" at ${i}`];
      }
    }
  }
  return stack.length === 0 ? [] : [`unclosed "${stack.join('')}"`];
}
