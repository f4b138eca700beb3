import { describe, expect, it } from 'vitest';
import { maskUrlSecrets } from './masked-url';

describe('maskUrlSecrets', () => {
  it('masks a user name, a password and query parameters named like a secret', () => {
    expect(maskUrlSecrets('http://user:s3cret@executor.example/exec?token=abc')).toBe('http://***:***@executor.example/exec?token=***');
    expect(maskUrlSecrets('https://hooks.example/in?api_key=k&X-Amz-Signature=s&sig=1&Password=p&auth=a')).toBe(
      'https://hooks.example/in?api_key=***&X-Amz-Signature=***&sig=***&Password=***&auth=***',
    );
    expect(maskUrlSecrets('https://user@hooks.example/')).toBe('https://***@hooks.example/');
  });

  it('leaves everything else as written', () => {
    for (const url of ['https://hooks.example/in', 'https://hooks.example/in?campaign=spring&page=2', 'not a url', ''])
      expect(maskUrlSecrets(url)).toBe(url);
    expect(maskUrlSecrets('https://hooks.example/in?campaign=spring&token=t')).toBe('https://hooks.example/in?campaign=spring&token=***');
  });
});
