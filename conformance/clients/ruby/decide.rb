# Ask Ruby's URI::Generic#find_proxy (what Net::HTTP uses) whether each case's URL goes through
# the proxy.
#
# Usage: ruby decide.rb BATCH.json   (prints a JSON array of verdicts)
#
# find_proxy(ENV) reads ENV on every call, so one process runs the whole batch, setting the six
# proxy variables in ENV before each case (a case's `environment` replaces the four proxy URLs:
# each name set, or deleted for null). find_proxy resolves the host name
# (IPSocket.getaddress): run it only inside the loopback-only namespace, where names resolve
# through the namespace's /etc/hosts and DNS fails at once.
require 'json'
require 'uri'

PROXY_VARIABLES = %w[HTTP_PROXY http_proxy HTTPS_PROXY https_proxy].freeze

if ARGV.length != 1
  warn 'usage: decide.rb BATCH.json'
  exit 64
end

batch = JSON.parse(File.read(ARGV[0]))
verdicts = batch['cases'].map do |test_case|
  PROXY_VARIABLES.each { |name| ENV.delete(name) }
  environment = test_case.fetch('environment') { PROXY_VARIABLES.to_h { |name| [name, batch['proxy']] } }
  environment.each { |name, value| value.nil? ? ENV.delete(name) : ENV[name] = value }
  ENV['NO_PROXY'] = test_case['noProxy']
  ENV['no_proxy'] = test_case['noProxy']
  begin
    proxy = URI(test_case['url']).find_proxy(ENV)
    verdict = proxy.nil? ? 'direct' : 'proxy'
    { 'id' => test_case['id'], 'verdict' => verdict, 'detail' => proxy.to_s }
  rescue StandardError => e # a client that throws has no verdict; report it, never guess
    { 'id' => test_case['id'], 'verdict' => 'error', 'detail' => "#{e.class}: #{e.message}" }
  end
end
puts JSON.generate(verdicts)
