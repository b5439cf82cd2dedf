# Ask Perl's LWP::UserAgent whether each case's URL goes through the proxy.
#
# Usage: perl decide.pl BATCH.json   (prints a JSON array of verdicts)
#
# An LWP::UserAgent created with env_proxy => 1 after the six proxy variables are set reads them
# as LWP does (env_proxy); one agent serves every case with the same environment. A case's
# `environment` replaces the four proxy URLs (each name set, or deleted for null).
# prepare_request runs the request_preprepare handler that env_proxy installed (_need_proxy),
# which leaves the proxy on the request, or none. Nothing connects.
use strict;
use warnings;
use JSON::PP;
use HTTP::Request;
use LWP::UserAgent;

die "usage: decide.pl BATCH.json\n" unless @ARGV == 1;
open(my $in, '<', $ARGV[0]) or die "cannot read $ARGV[0]: $!\n";
my $batch = decode_json(do { local $/; <$in> });
close($in);

my @verdicts;
my %agents;
for my $case (@{ $batch->{cases} }) {
  delete $ENV{$_} for qw(HTTP_PROXY http_proxy HTTPS_PROXY https_proxy);
  my $environment = $case->{environment} // { map { $_ => $batch->{proxy} } qw(HTTP_PROXY http_proxy HTTPS_PROXY https_proxy) };
  for my $name (keys %$environment) {
    if (defined $environment->{$name}) { $ENV{$name} = $environment->{$name} } else { delete $ENV{$name} }
  }
  # a case may set the two variables apart ({"NO_PROXY": ..., "no_proxy": ...}); unset ones are removed
  my $variables = $case->{variables} // { NO_PROXY => $case->{noProxy}, no_proxy => $case->{noProxy} };
  for my $name (qw(NO_PROXY no_proxy)) {
    if (exists $variables->{$name}) { $ENV{$name} = $variables->{$name} } else { delete $ENV{$name} }
  }
  my $verdict = eval {
    # env_proxy reads the environment when the agent is created: one agent per distinct environment
    my $key = join("\0", map { "$_=$ENV{$_}" } sort keys %ENV);
    my $ua = $agents{$key} //= LWP::UserAgent->new(env_proxy => 1);
    my $request = HTTP::Request->new(GET => $case->{url});
    $ua->prepare_request($request);
    my $proxy = $request->{proxy};
    { id => $case->{id}, verdict => ($proxy ? 'proxy' : 'direct'), detail => ($proxy ? "$proxy" : '') };
  };
  # a client that throws has no verdict; report it, never guess
  $verdict //= { id => $case->{id}, verdict => 'error', detail => "$@" };
  push @verdicts, $verdict;
}
print encode_json(\@verdicts);
